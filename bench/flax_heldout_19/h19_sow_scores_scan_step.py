# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan step calls self.attend, which sows attention scores; apply runs with mutable=['intermediates']
"""Recurrent attention read-out whose per-step scores are collected with `sow` for inspection.

Modelled on questions about collecting intermediates from a scanned computation (the
`sow`/`capture_intermediates` route of the Flax guides, and google/flax#5051 on `sow` under
scans): the step that sows is run by a raw `jax.lax.scan`, and the collected scores are then
averaged for logging.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ScanReader(nn.Module):
    width: int = 5

    def setup(self):
        self.query = nn.Dense(self.width)

    def attend(self, h):
        scores = jax.nn.softmax(self.query(h), axis=-1)
        self.sow("intermediates", "scores", scores)
        return scores * h

    def __call__(self, xs):
        h = self.query(xs[0])

        def step(h, x):
            return self.attend(h + x), None

        h, _ = jax.lax.scan(step, h, xs)
        return h


def main():
    xs = jax.random.normal(jax.random.key(2), (4, 5))
    model = ScanReader()
    variables = model.init(jax.random.key(0), xs)
    y, state = model.apply(variables, xs, mutable=["intermediates"])
    mean_score = jnp.mean(jnp.stack(state["intermediates"]["scores"]))
    mean_score.block_until_ready()
    return None
