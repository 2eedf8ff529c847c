# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3,1,36] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module-level rollout takes the NNX NCA as the scan carry and stashes the carried model in an outer dict as the latest snapshot
"""NCA regeneration training loop helper: roll out the carried NNX model and keep the latest snapshot."""
import jax
import jax.numpy as jnp
from flax import nnx


class NCA(nnx.Module):
    def __init__(self, channels, hidden, rngs: nnx.Rngs):
        self.perceive = nnx.Conv(channels, 3 * channels, (3, 3), feature_group_count=channels, use_bias=False, rngs=rngs)
        self.update = nnx.Linear(3 * channels, channels, rngs=rngs)

    def __call__(self, x):
        return x + 0.1 * self.update(nnx.relu(self.perceive(x)))


def rollout(model, x, target, steps):
    best = {"loss": jnp.inf, "model": model}  # the snapshot handed back to the trainer

    def body(carry, _):
        model, x = carry
        x = model(x)
        loss = jnp.mean((x[..., :4] - target) ** 2)
        best["model"] = model
        best["loss"] = loss
        return (model, x), loss

    (_, x), losses = jax.lax.scan(body, (model, x), None, length=steps)
    return best["model"], losses


def main():
    model = NCA(12, 32, nnx.Rngs(0))
    x = jnp.zeros((2, 16, 16, 12)).at[:, 8, 8, 3:].set(1.0)
    target = jnp.ones((2, 16, 16, 4)) * 0.5
    best, _ = rollout(model, x, target, steps=8)
    best(x)
    return None
