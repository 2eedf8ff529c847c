# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a logging mixin on a plain wrapper around an NNX model keeps the last step's logits on self from inside the scan body; flush() after the loop reads them
import jax
import jax.numpy as jnp
from flax import nnx


class PredictionLoggingMixin:
    def log_predictions(self, logits):
        self._last_logits = logits

    def flush(self):
        top = jnp.argmax(self._last_logits, axis=-1)
        self.logged = top.tolist()


class IntentClassifier(nnx.Module):
    def __init__(self, din, classes, *, rngs: nnx.Rngs):
        self.body = nnx.Sequential(nnx.Linear(din, 32, rngs=rngs), nnx.gelu, nnx.Linear(32, classes, rngs=rngs))

    def __call__(self, x):
        return self.body(x)


class ServingWrapper(PredictionLoggingMixin):
    def __init__(self, model):
        self.model = model

    def predict(self, x):
        logits = self.model(x)
        self.log_predictions(logits)
        return jax.nn.softmax(logits)

    def predict_stream(self, xs):
        def body(conf, x):
            return conf + self.predict(x).max(-1).mean(), None

        conf, _ = jax.lax.scan(body, jnp.float32(0), xs)
        self.flush()
        return conf / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.key(1), (4, 6, 10))
    ServingWrapper(IntentClassifier(10, 5, rngs=nnx.Rngs(0))).predict_stream(xs)
    return None
