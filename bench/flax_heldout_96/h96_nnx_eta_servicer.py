# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 EtaServicer holds the model and an nnx.metrics.Average; the lax.scan body over route legs calls self.latency_metric.update
"""Logistics ETA prediction behind a gRPC-style servicer (NNX).

The servicer keeps a running average of the predicted leg durations for its monitoring
endpoint and updates it while it walks the route legs."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass
class EtaRequest:
    shipment_id: str
    legs: jax.Array  # [num_legs, batch, features]


@dataclasses.dataclass
class EtaReply:
    shipment_id: str
    eta_minutes: float


class LegEncoder(nnx.Module):
    def __init__(self, features: int, hidden: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(features, hidden, rngs=rngs)
        self.norm = nnx.LayerNorm(hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.relu(self.norm(self.inp(x))))).squeeze(-1)


class EtaServicer:
    """Mirrors a generated `EtaServiceServicer` base class."""

    def __init__(self, model: LegEncoder):
        self.model = model
        self.model.eval()
        self.latency_metric = nnx.metrics.Average("leg_minutes")

    def PredictEta(self, request: EtaRequest, context=None) -> EtaReply:
        def body(total, leg):
            minutes = self.model(leg)
            self.latency_metric.update(leg_minutes=minutes)
            return total + minutes.mean(), None

        total, _ = lax.scan(body, jnp.zeros(()), request.legs)
        return EtaReply(request.shipment_id, float(total))

    def GetStats(self, request=None, context=None):
        return {"mean_leg_minutes": float(self.latency_metric.compute())}


def main():
    servicer = EtaServicer(LegEncoder(5, 16, rngs=nnx.Rngs(0)))
    legs = jax.random.normal(jax.random.key(0), (6, 8, 5))
    servicer.PredictEta(EtaRequest("SHP-001", legs))
    servicer.GetStats()
    return None
