# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 HoodScheduler.logger.bound, a model.bind(variables) held by FlightLogger, whose score() bumps a telemetry counter in the while body
"""Bating-risk scheduler for a falconry mews.

Before a hawk is unhooded for weathering, the scheduler lengthens its settle time until the
model's bating risk drops under a threshold; the logger wraps a bound copy of the model."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class BatingRisk(nn.Module):
    hidden: int = 12

    def __call__(self, features):
        return self.score(features)

    @nn.compact
    def score(self, features, record: bool = True):
        calls = self.variable("telemetry", "calls", lambda: jnp.zeros((), jnp.int32))
        if record:
            calls.value = calls.value + 1
        h = nn.relu(nn.Dense(self.hidden, name="body")(features))
        return nn.sigmoid(nn.Dense(1, name="risk")(h)).squeeze(-1)


class FlightLogger:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def score(self, features, record: bool = True):
        return self.bound.score(features, record=record)


class HoodScheduler:
    def __init__(self, logger: FlightLogger, threshold: float = 0.45, max_rounds: int = 8):
        self.logger = logger
        self.threshold = threshold
        self.max_rounds = max_rounds

    def settle_minutes(self, bird):
        def cond(carry):
            rounds, minutes, risk = carry
            return (rounds < self.max_rounds) & (risk > self.threshold)

        def body(carry):
            rounds, minutes, _ = carry
            minutes = minutes + 5.0
            risk = self.logger.score(jnp.append(bird, minutes / 60.0))
            return rounds + 1, minutes, risk

        _, minutes, _ = lax.while_loop(cond, body, (0, jnp.float32(0.0), jnp.float32(1.0)))
        return minutes


def main():
    model = BatingRisk()
    bird = jnp.array([0.8, 0.2, 1.1])  # weight ratio, wind, days since manned
    variables = model.init(jax.random.key(0), jnp.zeros((4,)))
    scheduler = HoodScheduler(FlightLogger(model, variables))
    scheduler.settle_minutes(bird).block_until_ready()
    return None
