# label: ok
# flax-error: none
# class: 4 FermentService.session(vat).model, a BatchNorm/Dropout module switched to eval mode before the loop, is called inside the scan body and only read
"""Cocoa fermentation monitoring: a pH forecaster per vat adapts online to each batch of
beans; the service forecasts the next readings of a shift, one sensor window per step."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PhForecaster(nnx.Module):
    def __init__(self, n_in, hidden, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(n_in, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        h = self.drop(nnx.relu(self.norm(self.inp(x))))
        return 4.0 + self.out(h).squeeze(-1)


@dataclasses.dataclass
class Session:
    vat_id: str
    model: PhForecaster


class FermentService:
    def __init__(self, vats=("vat_1", "vat_2", "vat_3"), n_in=4, hidden=16, seed=0):
        self.sessions = {
            vat: Session(vat, PhForecaster(n_in, hidden, rngs=nnx.Rngs(seed + i, dropout=100 + i)))
            for i, vat in enumerate(vats)
        }

    def session(self, vat_id):
        return self.sessions[vat_id]

    def forecast_shift(self, vat_id, windows):
        model = self.session(vat_id).model
        model.eval()

        def body(carry, window):
            ph = model(window)
            return carry, jnp.mean(ph)

        _, ph_curve = lax.scan(body, None, windows)
        return ph_curve


def main():
    service = FermentService()
    windows = jax.random.normal(jax.random.key(1), (6, 8, 4))
    curve = service.forecast_shift("vat_3", windows)
    jax.block_until_ready(curve)
    return None
