# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the policy module's __call__ runs the scan itself and updates its own 'dispatch_stats' variable inside the body
"""Elevator group dispatch: a policy scores cars for each hall call and counts served calls."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class DispatchPolicy(nn.Module):
    cars: int = 4
    hidden: int = 16

    @nn.compact
    def __call__(self, hall_calls):
        served = self.variable("dispatch_stats", "served", lambda: jnp.zeros((self.cars,)))
        scorer = nn.Dense(self.cars)
        embed = nn.Dense(self.hidden)

        all_scores = scorer(nn.relu(embed(hall_calls)))

        def assign(wait_time, scores):
            # penalise cars that already served many calls in this shift
            car = jnp.argmax(scores - 0.1 * served.value)
            served.value = served.value + jax.nn.one_hot(car, self.cars)
            return wait_time + jnp.min(scores), car

        total_wait, assigned = scan(assign, jnp.zeros(()), all_scores)
        return total_wait, assigned


class DispatchService:
    def __init__(self, policy: DispatchPolicy, variables):
        self.policy = policy
        self.variables = variables

    def run_shift(self, hall_calls):
        (wait, assigned), updates = self.policy.apply(self.variables, hall_calls, mutable=["dispatch_stats"])
        self.variables = {**self.variables, **updates}
        return wait, assigned

    def utilisation(self):
        served = self.variables["dispatch_stats"]["served"]
        return served / jnp.maximum(served.sum(), 1.0)


def main():
    calls = jax.random.normal(jax.random.key(4), (10, 6))
    policy = DispatchPolicy()
    variables = policy.init(jax.random.key(0), calls[:2])
    service = DispatchService(policy, variables)
    service.run_shift(calls)
    service.utilisation().block_until_ready()
    return None
