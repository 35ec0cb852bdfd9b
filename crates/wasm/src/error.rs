//! Errors crossing into JavaScript: a real `Error` whose `message` is the core's user-facing
//! text and whose `code` is a stable identifier the app can switch on.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// JavaScript's `Error`.
    #[wasm_bindgen(js_name = Error)]
    pub type JsError;

    #[wasm_bindgen(constructor, js_class = "Error")]
    fn new(message: &str) -> JsError;

    #[wasm_bindgen(method, setter, js_class = "Error")]
    fn set_code(this: &JsError, code: &str);
}

/// An `Error` with `message` and `code`.
pub fn js_error(code: &str, message: &str) -> JsValue {
    let error = JsError::new(message);
    error.set_code(code);
    error.into()
}
