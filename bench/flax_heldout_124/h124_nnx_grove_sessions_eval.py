# label: ok
# flax-error: none
# class: 4 the fori_loop body fetches the model through IrrigationService.session(block) from a dict of Sessions; open() puts the model in eval mode
"""Citrus grove irrigation: evapotranspiration model served per orchard block."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class EvapoNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return jax.nn.softplus(self.out(nnx.relu(self.norm(self.inp(x)))))[..., 0]


class Session:
    def __init__(self, model):
        self.model = model

    def predict(self, x):
        return self.model(x)


class IrrigationService:
    def __init__(self):
        self._sessions: dict[str, Session] = {}

    def open(self, block, model):
        model.eval()
        self._sessions[block] = Session(model)


    def session(self, block) -> Session:
        return self._sessions[block]

    def litres_for_day(self, block, hourly):
        def body(hour, litres):
            return litres + self.session(block).predict(hourly[hour]).sum()

        return jax.lax.fori_loop(0, hourly.shape[0], body, jnp.float32(0.0))


def main():
    hourly = jax.random.normal(jax.random.key(0), (8, 12, 4))
    service = IrrigationService()
    service.open("north", EvapoNet(nnx.Rngs(0)))
    service.open("south", EvapoNet(nnx.Rngs(1)))
    print(float(service.litres_for_day("north", hourly)))
    return None
