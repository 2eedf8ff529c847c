# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 IrrigationTrainer.callbacks holds a MetricsCallback whose nnx.metrics.MultiMetric is updated from on_step inside the scan body
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MoistureModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dense = nnx.Linear(5, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, climate):
        return self.out(nnx.silu(self.dense(climate)))[..., 0]


class Callback:
    def on_step(self, **logs):
        pass

    def on_epoch_end(self, **logs):
        pass


class MetricsCallback(Callback):
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            abs_error=nnx.metrics.Average("abs_error"),
        )

    def on_step(self, **logs):
        self.metrics.update(**logs)

    def on_epoch_end(self, **logs):
        self.metrics.update(**logs)


class PrintCallback(Callback):
    def on_epoch_end(self, **logs):
        print({k: float(jnp.mean(v)) for k, v in logs.items()})


class IrrigationTrainer:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = callbacks

    def evaluate(self, climate, moisture):
        def body(step, batch):
            x, y = batch
            error = self.model(x) - y
            logs = {"loss": jnp.mean(error**2), "abs_error": jnp.mean(jnp.abs(error))}
            for callback in self.callbacks:
                callback.on_step(**logs)
            return step + 1, logs

        _, logs = jax.lax.scan(body, jnp.int32(0), (climate, moisture))
        return logs


def main():
    model = MoistureModel(nnx.Rngs(0))
    metrics_cb = MetricsCallback()
    trainer = IrrigationTrainer(model, [PrintCallback(), metrics_cb])
    climate = jax.random.normal(jax.random.key(3), (6, 10, 5))  # temperature, humidity, light, vpd, hour
    moisture = jnp.tanh(climate[..., 1] - climate[..., 3])
    trainer.evaluate(climate, moisture)
    metrics_cb.metrics.compute()
    return None
