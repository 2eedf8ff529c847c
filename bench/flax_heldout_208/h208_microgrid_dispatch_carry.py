# label: ok
# flax-error: none
# class: 4 variables kept on a DispatchRunner held by MicrogridController; updated batch_stats are carried through the scan and handed to the hook afterwards
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
    def on_day(self, day_state):
        pass


class BatchStatsHook(Callback):
    def __init__(self):
        self.latest = None

    def on_day(self, day_state):
        self.latest = day_state["batch_stats"]


class CycleCounter(Callback):
    def __init__(self):
        self.days = 0

    def on_day(self, day_state):
        self.days += 1


class DispatchRunner:
    def __init__(self, policy, variables, callbacks):
        self.policy = policy
        self.variables = variables
        self.callbacks = callbacks

    def run_day(self, hourly_obs):
        params = self.variables["params"]

        def hour(carry, obs):
            soc, stats = carry
            action, updates = self.policy.apply(
                {"params": params, "batch_stats": stats}, obs, mutable=["batch_stats"])
            soc = jnp.clip(soc + 0.1 * action.mean(), 0.0, 1.0)
            return (soc, updates["batch_stats"]), soc

        (soc, stats), trace = scan(hour, (jnp.float32(0.5), self.variables["batch_stats"]), hourly_obs)
        for callback in self.callbacks:
            callback.on_day({"batch_stats": stats})
        return soc, trace


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
