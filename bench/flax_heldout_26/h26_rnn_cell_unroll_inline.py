# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.Dense submodule constructed in compact __call__ and first called inside the raw lax.scan body
# modelled on: "Encountered an unexpected tracer" when scanning inside transformed function (google-deepmind/dm-haiku#214)
"""Elman-style recurrence unrolled with jax.lax.scan inside a Linen module."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ElmanRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        # xs: [time, batch, features]
        in_proj = nn.Dense(self.hidden, name="in_proj")
        rec_proj = nn.Dense(self.hidden, use_bias=False, name="rec_proj")
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h = jnp.tanh(in_proj(x) + rec_proj(h))
            return h, h

        h_last, hs = jax.lax.scan(step, h0, xs)
        return h_last, hs


class Classifier(nn.Module):
    n_classes: int = 3

    @nn.compact
    def __call__(self, xs):
        h_last, _ = ElmanRNN()(xs)
        return nn.Dense(self.n_classes)(h_last)


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 2, 5))
    model = Classifier()
    variables = model.init(jax.random.key(1), xs)
    logits = model.apply(variables, xs)
    probs = jax.nn.softmax(logits)
    assert probs.shape == (2, 3)
    jax.block_until_ready(probs)
    return None
