# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 LiftQueueRunner.engine.forecaster.variables feed model.apply in the scan body, and the body hands each wait to the runner's callback list, which keeps it
"""Ski-lift queue forecasting: predict the wait at the base station slot by slot.

The runner follows the usual trainer layout: an engine owns the forecaster, and callbacks
(a logger, an alert hook) receive every slot's result as it is produced.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class QueueModel(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, slot_features, queue):
        x = jnp.concatenate([slot_features, queue[None]])
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.softplus(nn.Dense(1)(x))[0]


class Forecaster:
    def __init__(self, model, variables):
        self.model, self.variables = model, variables

    def predict(self, slot_features, queue):
        return self.model.apply(self.variables, slot_features, queue)


class Engine:
    def __init__(self, forecaster):
        self.forecaster = forecaster


class WaitLogger:
    def __init__(self):
        self.history = []

    def on_slot(self, wait):
        self.history.append(wait)

    def summary(self):
        return jnp.stack(self.history).mean()


class LiftQueueRunner:
    def __init__(self, engine, callbacks):
        self.engine, self.callbacks = engine, callbacks

    def run_day(self, slots):
        def slot(queue, features):
            wait = self.engine.forecaster.predict(features, queue)
            for callback in self.callbacks:
                callback.on_slot(wait)
            return 0.5 * queue + wait, wait

        final_queue, _ = lax.scan(slot, jnp.zeros(()), slots)
        return final_queue


def main():
    slots = jax.random.uniform(jax.random.key(4), (16, 3))  # snowfall, temperature, day-pass sales
    model = QueueModel()
    variables = model.init(jax.random.key(0), slots[0], jnp.zeros(()))
    logger = WaitLogger()
    runner = LiftQueueRunner(Engine(Forecaster(model, variables)), callbacks=[logger])
    runner.run_day(slots)
    mean_wait = logger.summary()
    mean_wait.block_until_ready()
    return None
