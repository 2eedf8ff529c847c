# label: ok
# flax-error: none
# class: 4 ThroughputService.pool -> SessionPool.get(name) -> Session.fresh_model() is nnx.split once before the scan; its state (with the dropout Rngs count) goes through the carry and is merged in the body
"""Parcel sorting-hub throughput: a service keeps a pool of model sessions built from a
YAML-like nested config; Monte-Carlo dropout samples give a throughput interval for the
next shift."""
import jax
import jax.numpy as jnp
from flax import nnx

SERVICE_CONFIG = {
    "pool": {"sessions": ["hub-north", "hub-south"]},
    "model": {"features": 5, "hidden": 16, "dropout": {"rate": 0.3}},
    "seeds": {"params": 0, "dropout": 3},
}


class ThroughputNet(nnx.Module):
    def __init__(self, features, hidden, dropout, rngs: nnx.Rngs):
        self.inp = nnx.Linear(features, hidden, rngs=rngs)
        self.drop = nnx.Dropout(dropout["rate"], rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, shift_features):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.inp(shift_features)))))[0]


class Session:
    def __init__(self, name, template: ThroughputNet):
        self.name = name
        self.template = template

    def fresh_model(self):
        return nnx.clone(self.template)


class SessionPool:
    def __init__(self, cfg):
        rngs = nnx.Rngs(**cfg["seeds"])
        self.sessions = {
            name: Session(name, ThroughputNet(**cfg["model"], rngs=rngs)) for name in cfg["pool"]["sessions"]
        }

    def get(self, name):
        return self.sessions[name]


class ThroughputService:
    def __init__(self, cfg):
        self.pool = SessionPool(cfg)

    def mc_samples(self, hub, shift_features, n):
        graphdef, state = nnx.split(self.pool.get(hub).fresh_model())

        def sample(state, _):
            model = nnx.merge(graphdef, state)
            value = model(shift_features)
            return nnx.state(model), value

        _, samples = jax.lax.scan(sample, state, None, length=n)
        return samples


def main():
    service = ThroughputService(SERVICE_CONFIG)
    shift = jnp.array([0.8, 1.2, 0.3, 2.0, 0.5])
    return service.mc_samples("hub-north", shift, n=6)
