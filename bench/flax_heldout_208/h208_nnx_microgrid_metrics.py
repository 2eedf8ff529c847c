# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an nnx.MultiMetric reached through DispatchEvaluator.tracker.metrics is updated in the while_loop body
"""Microgrid battery dispatch: evaluates a dispatch policy hour by hour until the battery is empty."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DispatchPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.net = nnx.Linear(5, 1, rngs=rngs)  # pv, load, price, hour, state of charge

    def __call__(self, obs):
        return jnp.tanh(self.net(obs))[0]


class MetricsTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            imbalance=nnx.metrics.Average("imbalance"),
            discharge=nnx.metrics.Average("discharge"),
        )

    def record(self, imbalance, discharge):
        self.metrics.update(imbalance=imbalance, discharge=discharge)


class DispatchEvaluator:
    def __init__(self, policy):
        self.policy = policy
        self.tracker = MetricsTracker()

    def evaluate(self, profile, capacity_kwh=10.0):
        def has_charge(state):
            hour, soc = state
            return (hour < profile.shape[0]) & (soc > 0.05)

        def hour_step(state):
            hour, soc = state
            obs = jnp.append(profile[hour], soc)
            action = self.policy(obs)
            delivered = -jnp.minimum(action, 0.0) * soc * capacity_kwh
            self.tracker.record(jnp.abs(profile[hour, 1] - delivered), delivered)
            return hour + 1, jnp.clip(soc + 0.1 * action, 0.0, 1.0)

        lax.while_loop(has_charge, hour_step, (0, jnp.float32(0.8)))
        return self.tracker.metrics.compute()


def main():
    profile = jax.random.uniform(jax.random.key(0), (24, 4))
    DispatchEvaluator(DispatchPolicy(nnx.Rngs(1))).evaluate(profile)
