# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 FloodTrainer.fit merges (model, optimizer) in the scan body and passes the merged model to its hooks; ServingExportHook keeps it past the loop
"""River flood-stage forecasting: predict the gauge level six hours ahead from upstream
gauges and rainfall. The trainer runs an epoch inside one lax.scan (split/merge style) and
calls hooks after every step; the export hook hands the latest model to the alerting tier."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class StageForecaster(nnx.Module):
    def __init__(self, n_gauges: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_gauges, 24, rngs=rngs)
        self.l2 = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))[..., 0]


class Hook:
    def after_step(self, step, model, loss):
        pass


class ServingExportHook(Hook):
    def __init__(self):
        self.latest = None

    def after_step(self, step, model, loss):
        self.latest = model


class FloodTrainer:
    def __init__(self, model, lr, hooks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(lr), wrt=nnx.Param)
        self.hooks = list(hooks)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(carry, batch):
            state, i = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            for hook in self.hooks:
                hook.after_step(i, model, loss)
            return (nnx.state((model, optimizer)), i + 1), loss

        (state, _), losses = lax.scan(step, (state, 0), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 16, 5))
    ys = xs.sum(-1) * 0.3
    exporter = ServingExportHook()
    trainer = FloodTrainer(StageForecaster(5, rngs=nnx.Rngs(0)), 1e-2, [Hook(), exporter])
    losses = trainer.fit(xs, ys)
    alert_levels = exporter.latest(xs[0])
    print(losses, alert_levels.max())
    return None
