# label: ok
# flax-error: none
# class: 3 servicer -> EtaPredictor holds model and variables; batch_stats carried through the lax.scan and applied with mutable=['batch_stats']
"""Logistics ETA prediction behind a gRPC-style servicer.

The predictor recalibrates the BatchNorm running statistics online on every request; the
statistics travel through the scan carry and are stored back once the scan is done."""
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

    def leg_minutes(self, batch_stats, leg):
        minutes, updates = self.model.apply(
            {"params": self.variables["params"], "batch_stats": batch_stats},
            leg, train=True, mutable=["batch_stats"],
        )
        return minutes, updates["batch_stats"]


class EtaServicer:
    """Mirrors a generated `EtaServiceServicer` base class."""

    def __init__(self, predictor: EtaPredictor):
        self.predictor = predictor
        self.stats_version = 0

    def PredictEta(self, request: EtaRequest, context=None) -> EtaReply:
        def body(carry, leg):
            total, stats = carry
            minutes, stats = self.predictor.leg_minutes(stats, leg)
            return (total + minutes.mean(), stats), minutes

        init = (jnp.zeros(()), self.predictor.variables["batch_stats"])
        (total, stats), _ = lax.scan(body, init, request.legs)
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
