# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a CheckpointManager owned by the SluiceTuner stores nnx.state of the model merged in the while_loop body; it is restored with nnx.update after the loop
"""Canal lock operations: tuning a sluice-gate opening model until the chamber
levels meet the target, keeping the best checkpoint seen so far."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class GateModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.opening = nnx.Linear(2, 1, rngs=rngs)

    def __call__(self, levels):
        return nnx.sigmoid(self.opening(levels))[..., 0]


class CheckpointManager:
    def __init__(self):
        self.latest = None

    def save(self, state):
        self.latest = state

    def restore_into(self, model):
        nnx.update(model, self.latest)


class SluiceTuner:
    def __init__(self, model, tol=1e-2, max_iters=30, lr=0.5):
        self.model = model
        self.ckpt = CheckpointManager()
        self.tol, self.max_iters, self.lr = tol, max_iters, lr

    def tune(self, levels, target):
        graphdef, state = nnx.split(self.model)

        def loss(m):
            return jnp.mean((m(levels) - target) ** 2)

        def cond(carry):
            i, _, err = carry
            return (i < self.max_iters) & (err > self.tol)

        def body(carry):
            i, state, _ = carry
            model = nnx.merge(graphdef, state)
            err, grads = nnx.value_and_grad(loss)(model)
            new = jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model), grads)
            self.ckpt.save(new)
            return i + 1, new, err

        while_loop(cond, body, (0, state, jnp.inf))
        self.ckpt.restore_into(self.model)
        return self.model(levels)


def main():
    tuner = SluiceTuner(GateModel(nnx.Rngs(0)))
    levels = jnp.array([[2.0, 4.5], [2.5, 4.5], [3.2, 4.4], [4.0, 4.4]])  # chamber, upstream (m)
    tuner.tune(levels, target=jnp.array([0.9, 0.7, 0.4, 0.1]))
    return None
