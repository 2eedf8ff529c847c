# label: ok
# flax-error: none
# class: 2 EtaServicer holds the model and an nnx.metrics.Average; the lax.scan body returns the leg durations as outputs and the metric is updated after the scan
"""Logistics ETA prediction behind a gRPC-style servicer (NNX).

The servicer keeps a running average of the predicted leg durations for its monitoring
endpoint; the scan returns the durations and the metric is updated once it is done."""
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
            return total + minutes.mean(), minutes

        total, minutes = lax.scan(body, jnp.zeros(()), request.legs)
        self.latency_metric.update(leg_minutes=minutes)
        return EtaReply(request.shipment_id, float(total))

    def GetStats(self, request=None, context=None):
        return {"mean_leg_minutes": float(self.latency_metric.compute())}


def main():
    servicer = EtaServicer(LegEncoder(5, 16, rngs=nnx.Rngs(0)))
    legs = jax.random.normal(jax.random.key(0), (6, 8, 5))
    servicer.PredictEta(EtaRequest("SHP-001", legs))
    servicer.GetStats()
    return None
