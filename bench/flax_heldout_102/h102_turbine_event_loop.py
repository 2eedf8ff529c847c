# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body runs the event loop's callback list; HealthScoreCallback reaches a model.bind(variables) held by an InferenceHelper and calls it in training mode (BatchNorm)
"""Wind-turbine vibration monitoring: an event loop drives callbacks over a sliding sensor window."""
import jax
import jax.numpy as jnp
import flax.linen as nn

N_SENSORS = 4
N_FEATURES = 6


class VibrationEncoder(nn.Module):
    @nn.compact
    def __call__(self, window, train: bool = True):
        x = nn.Dense(8)(window)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.95)(x)
        return jnp.mean(nn.relu(x))


class InferenceHelper:
    def __init__(self, model, variables):
        self.module = model.bind(variables)

    def health(self, window):
        return self.module(window)


class Callback:
    def on_tick(self, tick, state):
        return state


class SensorFeedCallback(Callback):
    def on_tick(self, tick, state):
        phase = jnp.arange(N_SENSORS * N_FEATURES).reshape(N_SENSORS, N_FEATURES)
        reading = jnp.sin(0.3 * tick + phase)
        return {**state, "window": 0.8 * state["window"] + 0.2 * reading}


class HealthScoreCallback(Callback):
    def __init__(self, helper: InferenceHelper):
        self.helper = helper

    def on_tick(self, tick, state):
        score = self.helper.health(state["window"])
        return {**state, "max_score": jnp.maximum(state["max_score"], score)}


class EventLoop:
    def __init__(self, callbacks, max_ticks: int, alarm: float):
        self.callbacks = list(callbacks)
        self.max_ticks = max_ticks
        self.alarm = alarm

    def run(self, state):
        def cond(carry):
            tick, st = carry
            return (tick < self.max_ticks) & (st["max_score"] < self.alarm)

        def body(carry):
            tick, st = carry
            for cb in self.callbacks:
                st = cb.on_tick(tick, st)
            return tick + 1, st

        return jax.lax.while_loop(cond, body, (0, state))


def main():
    model = VibrationEncoder()
    window = jnp.zeros((N_SENSORS, N_FEATURES))
    variables = model.init(jax.random.key(0), window)
    loop = EventLoop([SensorFeedCallback(), HealthScoreCallback(InferenceHelper(model, variables))],
                     max_ticks=20, alarm=5.0)
    loop.run({"window": window, "max_score": jnp.zeros(())})
    return None
