# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 build_refit_step(adapter) returns a jax.checkpoint-wrapped while_loop body that merges the carried state and leaves the merged model on adapter.latest, which CraneScheduler.plan calls after the loop
"""Container terminal crane scheduler.

A move-time model predicts how long a quay crane needs per container (row, tier, weight, wind).
At the start of each shift it is refitted on the last shift's telemetry with a while_loop until
the loss stops improving; the step is rematerialised to fit on the terminal's edge box. The
scheduler then orders the bay plan by predicted move time.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class MoveTimeModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_features, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return 60.0 + 30.0 * nnx.softplus(self.l2(nnx.relu(self.l1(x))))[..., 0]


class ModelAdapter:
    def __init__(self, model: MoveTimeModel):
        self.graphdef, self.state = nnx.split(model)
        self.latest = model


def mse(model, x, seconds):
    return jnp.mean((model(x) - seconds) ** 2) / 100.0


def build_refit_step(adapter: ModelAdapter, x, seconds, lr=1e-3):
    @jax.checkpoint
    def step(carry):
        i, prev_loss, loss, state = carry
        model = nnx.merge(adapter.graphdef, state)
        new_loss, grads = nnx.value_and_grad(mse)(model, x, seconds)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        adapter.latest = model
        return i + 1, loss, new_loss, nnx.state(model)

    return step


class CraneScheduler:
    def __init__(self, adapter: ModelAdapter):
        self.adapter = adapter

    def refit(self, x, seconds, max_steps=20):
        step = build_refit_step(self.adapter, x, seconds)

        def cond(carry):
            i, prev_loss, loss, _ = carry
            return jnp.logical_and(i < max_steps, loss < prev_loss)

        init = (0, jnp.inf, jnp.asarray(1e9), self.adapter.state)
        _, _, loss, self.adapter.state = lax.while_loop(cond, step, init)
        return loss

    def plan(self, bay):
        order = jnp.argsort(self.adapter.latest(bay))
        return order


def main():
    x = jax.random.normal(jax.random.key(1), (40, 4))
    seconds = 90.0 + 10.0 * x[:, 2] + 5.0 * jnp.abs(x[:, 3])
    scheduler = CraneScheduler(ModelAdapter(MoveTimeModel(4, nnx.Rngs(0))))
    scheduler.refit(x, seconds)
    print("bay order", scheduler.plan(x[:10]))
    return None
