# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 servicer -> EtaPredictor -> model.bind(mutable=['batch_stats']) called inside the lax.scan body over route legs
"""Logistics ETA prediction behind a gRPC-style servicer.

The predictor keeps a bound Linen module so the servicer can recalibrate the BatchNorm running
statistics online on every request (the fleet's traffic drifts during the day)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass
class EtaRequest:
    shipment_id: str
    legs: jax.Array  # [num_legs, batch, features]


@dataclasses.dataclass
class EtaReply:
    shipment_id: str
    eta_minutes: float


class LegEncoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.softplus(nn.Dense(1)(x)).squeeze(-1)


class EtaPredictor:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def leg_minutes(self, leg):
        return self.bound(leg, train=True)

    def refreshed_stats(self):
        return self.bound.variables["batch_stats"]


class EtaServicer:
    """Mirrors a generated `EtaServiceServicer` base class."""

    def __init__(self, predictor: EtaPredictor):
        self.predictor = predictor
        self.stats_version = 0

    def PredictEta(self, request: EtaRequest, context=None) -> EtaReply:
        def body(total, leg):
            minutes = self.predictor.leg_minutes(leg)
            return total + minutes.mean(), minutes

        total, _ = lax.scan(body, jnp.zeros(()), request.legs)
        stats = self.predictor.refreshed_stats()
        self.predictor.variables = {
            **self.predictor.variables,
            "batch_stats": jax.tree.map(lambda s: s * 1.0, stats),
        }
        self.stats_version += 1
        return EtaReply(request.shipment_id, float(total))


def main():
    model = LegEncoder()
    legs = jax.random.normal(jax.random.key(0), (6, 8, 5))
    variables = model.init(jax.random.key(1), legs[0], train=False)
    servicer = EtaServicer(EtaPredictor(model, variables))
    servicer.PredictEta(EtaRequest("SHP-001", legs))
    return None
