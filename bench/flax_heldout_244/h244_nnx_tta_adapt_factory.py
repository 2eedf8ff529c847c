# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the step built by make_adapt_step merges the carried state and passes the adapted nnx.state to its callbacks; a SnapshotKeeper callback keeps it for nnx.update after the loop
"""Test-time adaptation of normalisation statistics with a step factory and callbacks that keep
snapshots of the adapted model state."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Encoder(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(din, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, momentum=0.8, rngs=rngs)
        self.out = nnx.Linear(12, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.norm(self.proj(x))))


class SnapshotKeeper:
    def __init__(self):
        self.snapshots = []

    def __call__(self, state):
        self.snapshots.append(state)

    def latest(self):
        return self.snapshots[-1]


def make_adapt_step(graphdef, callbacks=()):
    def adapt_step(state, batch):
        model = nnx.merge(graphdef, state)
        probs = jax.nn.softmax(model(batch), axis=-1)
        new_state = nnx.state(model)
        for callback in callbacks:
            callback(new_state)
        return new_state, probs.max(-1).mean()

    return adapt_step


def main():
    model = Encoder(4, 3, rngs=nnx.Rngs(params=0))
    model.train()
    stream = -1.0 + 0.5 * jax.random.normal(jax.random.key(3), (6, 8, 4))

    graphdef, state = nnx.split(model)
    keeper = SnapshotKeeper()
    adapt_step = make_adapt_step(graphdef, callbacks=[keeper])
    _, confidence = scan(adapt_step, state, stream)

    nnx.update(model, keeper.latest())
    model.eval()
    preds = model(stream[0]).argmax(-1)
    jax.block_until_ready((confidence, preds))
    return None
