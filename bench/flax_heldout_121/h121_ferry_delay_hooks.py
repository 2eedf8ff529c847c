# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the BatchNorm stats updated inside the scan body are handed to Trainer.callbacks (a CallbackList); BatchStatsRecorder keeps them and summarises after the loop
"""Ferry delay prediction: before the winter timetable, the BatchNorm statistics of the delay
model are recalibrated over the season's sailings; callbacks watch the statistics drift."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DelayNet(nn.Module):
    @nn.compact
    def __call__(self, sailing, train: bool = False):
        h = nn.Dense(16)(sailing)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.relu(h)).squeeze(-1)


class Callback:
    def on_step(self, step, batch_stats, loss):
        pass


class BatchStatsRecorder(Callback):
    def __init__(self):
        self.history = []

    def on_step(self, step, batch_stats, loss):
        self.history.append(batch_stats)

    def drift(self):
        means = jnp.stack([h["BatchNorm_0"]["mean"] for h in self.history])
        return jnp.std(means, axis=0)


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_step(self, *args):
        for cb in self.callbacks:
            cb.on_step(*args)


class Trainer:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = CallbackList(callbacks)

    def recalibrate(self, sailings, delays):
        params = self.variables["params"]

        def body(carry, batch):
            step, stats = carry
            x, y = batch
            pred, upd = self.model.apply({"params": params, "batch_stats": stats}, x,
                                         train=True, mutable=["batch_stats"])
            loss = jnp.mean((pred - y) ** 2)
            self.callbacks.on_step(step, upd["batch_stats"], loss)
            return (step + 1, upd["batch_stats"]), loss

        (_, stats), losses = jax.lax.scan(body, (0, self.variables["batch_stats"]), (sailings, delays))
        self.variables = {"params": params, "batch_stats": stats}
        return losses


def main():
    model = DelayNet()
    variables = model.init(jax.random.key(0), jnp.zeros((8, 6)))
    recorder = BatchStatsRecorder()
    trainer = Trainer(model, variables, [Callback(), recorder])
    sailings = jax.random.normal(jax.random.key(1), (6, 8, 6))
    delays = jax.random.normal(jax.random.key(2), (6, 8))
    losses = trainer.recalibrate(sailings, delays)
    drift = recorder.drift()
    jax.block_until_ready((losses, drift))
    return None
