# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "buffer" in "/StreamingConv_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the streaming runtime reaches the model through wrapper -> runtime -> stored apply before the fori_loop body uses it
"""Keyword-spotting streaming inference: a causal conv keeps a frame buffer in a "cache"
collection; a runtime steps it frame by frame with jax.lax.fori_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StreamingConv(nn.Module):
    features: int
    width: int = 3

    @nn.compact
    def __call__(self, frame):
        buf = self.variable("cache", "buffer", jnp.zeros, (self.width, frame.shape[-1]))
        window = jnp.concatenate([buf.value[1:], frame[None]], axis=0)
        buf.value = window
        return nn.Dense(self.features)(window.reshape(-1))


class KeywordSpotter(nn.Module):
    n_keywords: int = 4

    @nn.compact
    def __call__(self, frame):
        h = nn.relu(StreamingConv(16)(frame))
        return nn.Dense(self.n_keywords)(h)


class Runtime:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def step(self, frame):
        return self.model.apply(self.variables, frame)


class StreamingKWS:
    def __init__(self, runtime: Runtime, n_keywords: int):
        self.runtime = runtime
        self.n_keywords = n_keywords

    def detect(self, frames):
        def body(i, acc):
            logits = self.runtime.step(frames[i])
            return jnp.maximum(acc, jax.nn.softmax(logits))

        return jax.lax.fori_loop(0, frames.shape[0], body, jnp.zeros((self.n_keywords,)))


def main():
    model = KeywordSpotter()
    variables = model.init(jax.random.key(0), jnp.zeros((40,)))
    kws = StreamingKWS(Runtime(model, variables), model.n_keywords)
    frames = jax.random.normal(jax.random.key(1), (20, 40))
    kws.detect(frames).block_until_ready()
    return None
