# label: ok
# flax-error: none
# class: 5 the frame cache is threaded through the fori_loop carry and returned from apply(mutable=["cache"])
"""Keyword-spotting streaming inference: a causal conv keeps a frame buffer in a "cache"
collection; a runtime steps it frame by frame with jax.lax.fori_loop, carrying the cache."""
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
        self.params = variables["params"]
        self.initial_cache = variables["cache"]

    def step(self, cache, frame):
        logits, updates = self.model.apply(
            {"params": self.params, "cache": cache}, frame, mutable=["cache"]
        )
        return logits, updates["cache"]


class StreamingKWS:
    def __init__(self, runtime: Runtime, n_keywords: int):
        self.runtime = runtime
        self.n_keywords = n_keywords

    def detect(self, frames):
        def body(i, carry):
            acc, cache = carry
            logits, cache = self.runtime.step(cache, frames[i])
            return jnp.maximum(acc, jax.nn.softmax(logits)), cache

        init = (jnp.zeros((self.n_keywords,)), self.runtime.initial_cache)
        acc, _ = jax.lax.fori_loop(0, frames.shape[0], body, init)
        return acc


def main():
    model = KeywordSpotter()
    variables = model.init(jax.random.key(0), jnp.zeros((40,)))
    kws = StreamingKWS(Runtime(model, variables), model.n_keywords)
    frames = jax.random.normal(jax.random.key(1), (20, 40))
    kws.detect(frames).block_until_ready()
    return None
