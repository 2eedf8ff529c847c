# label: ok
# flax-error: none
# class: 4 the nnx.MultiMetric reached through DispatchEvaluator.tracker.metrics is nnx.split outside; its state is carried through the while_loop and written back
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

    @staticmethod
    def record(metrics, imbalance, discharge):
        metrics.update(imbalance=imbalance, discharge=discharge)


class DispatchEvaluator:
    def __init__(self, policy):
        self.policy = policy
        self.tracker = MetricsTracker()

    def evaluate(self, profile, capacity_kwh=10.0):
        graphdef, metric_state = nnx.split(self.tracker.metrics)

        def has_charge(state):
            hour, soc, _ = state
            return (hour < profile.shape[0]) & (soc > 0.05)

        def hour_step(state):
            hour, soc, metric_state = state
            metrics = nnx.merge(graphdef, metric_state)
            obs = jnp.append(profile[hour], soc)
            action = self.policy(obs)
            delivered = -jnp.minimum(action, 0.0) * soc * capacity_kwh
            self.tracker.record(metrics, jnp.abs(profile[hour, 1] - delivered), delivered)
            return hour + 1, jnp.clip(soc + 0.1 * action, 0.0, 1.0), nnx.state(metrics)

        _, _, metric_state = lax.while_loop(has_charge, hour_step, (0, jnp.float32(0.8), metric_state))
        nnx.update(self.tracker.metrics, metric_state)
        return self.tracker.metrics.compute()


def main():
    profile = jax.random.uniform(jax.random.key(0), (24, 4))
    DispatchEvaluator(DispatchPolicy(nnx.Rngs(1))).evaluate(profile)
