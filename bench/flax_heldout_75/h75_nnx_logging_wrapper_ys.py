# label: ok
# flax-error: none
# class: 4 a logging mixin on a plain wrapper around an NNX model; the scan body returns each step's logits as ys and the mixin logs the last one after the loop
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
        return jax.nn.softmax(logits), logits

    def predict_stream(self, xs):
        def body(conf, x):
            probs, logits = self.predict(x)
            return conf + probs.max(-1).mean(), logits

        conf, all_logits = jax.lax.scan(body, jnp.float32(0), xs)
        self.log_predictions(all_logits[-1])
        self.flush()
        return conf / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.key(1), (4, 6, 10))
    ServingWrapper(IntentClassifier(10, 5, rngs=nnx.Rngs(0))).predict_stream(xs)
    return None
