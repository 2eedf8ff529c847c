# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 variables kept on a DispatchRunner held by MicrogridController; updated batch_stats leave the body through a BatchStatsHook in runner.callbacks
"""Microgrid battery dispatch: one day of hourly charge / discharge decisions with a learned policy."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class DispatchPolicy(nn.Module):
    @nn.compact
    def __call__(self, obs, train: bool = True):
        h = nn.Dense(16)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return jnp.tanh(nn.Dense(1)(nn.relu(h)))[..., 0]  # + charge, - discharge


class Callback:
    def on_hour(self, hour_state):
        pass


class BatchStatsHook(Callback):
    def __init__(self):
        self.latest = None

    def on_hour(self, hour_state):
        self.latest = hour_state["batch_stats"]


class CycleCounter(Callback):
    def __init__(self):
        self.hours = 0

    def on_hour(self, hour_state):
        self.hours += 1


class DispatchRunner:
    def __init__(self, policy, variables, callbacks):
        self.policy = policy
        self.variables = variables
        self.callbacks = callbacks

    def run_day(self, hourly_obs):
        params, stats = self.variables["params"], self.variables["batch_stats"]

        def hour(soc, obs):
            action, updates = self.policy.apply(
                {"params": params, "batch_stats": stats}, obs, mutable=["batch_stats"])
            for callback in self.callbacks:
                callback.on_hour(updates)
            soc = jnp.clip(soc + 0.1 * action.mean(), 0.0, 1.0)
            return soc, soc

        return scan(hour, jnp.float32(0.5), hourly_obs)


class MicrogridController:
    def __init__(self, policy, variables):
        self.stats_hook = BatchStatsHook()
        self.runner = DispatchRunner(policy, variables, [CycleCounter(), self.stats_hook])

    def dispatch(self, hourly_obs, tomorrow):
        self.runner.run_day(hourly_obs)
        self.runner.variables = {**self.runner.variables, "batch_stats": self.stats_hook.latest}
        return self.runner.policy.apply(self.runner.variables, tomorrow, train=False)


def main():
    policy = DispatchPolicy()
    hourly_obs = jax.random.normal(jax.random.key(0), (24, 4, 6))  # 4 feeders x (pv, load, price, ...)
    variables = policy.init(jax.random.key(1), hourly_obs[0])
    controller = MicrogridController(policy, variables)
    controller.dispatch(hourly_obs, hourly_obs[-1])
