// The camera service: getUserMedia, the list of cameras, MediaRecorder types, and the
// camera errors with the messages the surveyor reads.
export { CAMERA_MESSAGES, CameraError, cameraErrorOf, listCameras, openCamera, parseImageSize, recordingType } from './camera';
export type { CameraDevice, CameraErrorCode } from './camera';
