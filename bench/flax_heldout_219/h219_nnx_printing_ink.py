# label: same-values
# flax-error: none
# class: 4 a PressSession in PressService.sessions keeps (graphdef, params, rest) from nnx.split(model, nnx.Param, ...); the scan body merges a copy from session.params and session.rest, so the dropout RNG state never advances
"""Printing press ink density: a density model predicts the ink density of each colour
station from the plate coverage; the quality service samples it repeatedly (dropout kept on)
to get a spread of densities for one sheet."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class InkDensity(nnx.Module):
    def __init__(self, n_stations, rngs: nnx.Rngs):
        self.coverage = nnx.Linear(n_stations, 10, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.density = nnx.Linear(10, n_stations, rngs=rngs)

    def __call__(self, plate):
        return 1.4 + 0.2 * nnx.tanh(self.density(self.drop(nnx.relu(self.coverage(plate)))))


class PressSession:
    def __init__(self, model):
        self.graphdef, self.params, self.rest = nnx.split(model, nnx.Param, ...)


class PressService:
    def __init__(self, presses, n_stations=4, seed=0):
        self.sessions = {
            name: PressSession(InkDensity(n_stations, nnx.Rngs(params=seed, dropout=seed + i + 1)))
            for i, name in enumerate(presses)
        }


class QualitySampler:
    def __init__(self, service):
        self.service = service

    def spread(self, press, plate, n_draws=6):
        session = self.service.sessions[press]

        def body(carry, _):
            model = nnx.merge(session.graphdef, session.params, session.rest, copy=True)
            return carry, model(plate)

        _, densities = scan(body, None, None, length=n_draws)
        return densities


def main():
    service = PressService(["heidelberg-2", "komori-1"])
    plate = jnp.array([0.35, 0.6, 0.2, 0.8])  # cyan, magenta, yellow, key coverage
    return QualitySampler(service).spread("komori-1", plate)
