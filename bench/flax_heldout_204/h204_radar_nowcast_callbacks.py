# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3,3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 NowcastTrainer.fit scans train steps and hands the new batch_stats to its callback list; EmaStatsExporter keeps them from inside the scan body
"""Weather-radar nowcasting: a small conv net predicts the next reflectivity frame. The
trainer runs a whole epoch inside one lax.scan and calls registered callbacks after every
step, Keras-style; one callback exports the BatchNorm statistics for the serving model."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax.lax import scan


class NowcastNet(nn.Module):
    @nn.compact
    def __call__(self, frames, train: bool):
        h = nn.Conv(8, (3, 3))(frames)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.relu(h)
        return nn.Conv(1, (3, 3))(h)


class Callback:
    def on_step_end(self, step, params, batch_stats, loss):
        pass


class EmaStatsExporter(Callback):
    def __init__(self):
        self.exported = None

    def on_step_end(self, step, params, batch_stats, loss):
        self.exported = {"params": params, "batch_stats": batch_stats}


class NowcastTrainer:
    def __init__(self, model, tx, callbacks):
        self.model, self.tx, self.callbacks = model, tx, list(callbacks)

    def loss_fn(self, params, batch_stats, frames, target):
        pred, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, frames, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((pred - target) ** 2), updates["batch_stats"]

    def fit(self, variables, frames, targets):
        params, batch_stats = variables["params"], variables["batch_stats"]
        opt_state = self.tx.init(params)

        def train_step(carry, batch):
            params, batch_stats, opt_state, step = carry
            (loss, batch_stats), grads = jax.value_and_grad(self.loss_fn, has_aux=True)(
                params, batch_stats, *batch
            )
            updates, opt_state = self.tx.update(grads, opt_state, params)
            params = optax.apply_updates(params, updates)
            for cb in self.callbacks:
                cb.on_step_end(step, params, batch_stats, loss)
            return (params, batch_stats, opt_state, step + 1), loss

        carry, losses = scan(train_step, (params, batch_stats, opt_state, 0), (frames, targets))
        return {"params": carry[0], "batch_stats": carry[1]}, losses


def main():
    model = NowcastNet()
    frames = jax.random.uniform(jax.random.key(0), (5, 2, 8, 8, 3))
    targets = jnp.mean(frames, axis=-1, keepdims=True)
    variables = model.init(jax.random.key(1), frames[0], train=False)
    exporter = EmaStatsExporter()
    trainer = NowcastTrainer(model, optax.adam(1e-3), [Callback(), exporter])
    trained, losses = trainer.fit(variables, frames, targets)
    served = model.apply(exporter.exported, frames[-1], train=False)
    print(losses, served.mean())
    return None
