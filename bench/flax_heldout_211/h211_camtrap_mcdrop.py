# label: same-values
# flax-error: none
# class: 4 station.engine.predict (a functools.partial of model.apply kept on the engine) runs in the scan body with the engine's fixed dropout key
"""Wildlife camera-trap species classifier: Monte-Carlo dropout over the crops of one trigger burst."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

SPECIES = ("roe_deer", "red_fox", "wild_boar", "badger", "empty")


class TrapNet(nn.Module):
    n_species: int = len(SPECIES)

    @nn.compact
    def __call__(self, crops, deterministic: bool = True):
        h = nn.relu(nn.Dense(24)(crops))
        h = nn.Dropout(0.4)(h, deterministic=deterministic)
        return nn.Dense(self.n_species)(h)


@dataclass(frozen=True)
class McConfig:
    samples: int = 6
    seed: int = 11


class InferenceEngine:
    def __init__(self, model, variables, cfg: McConfig):
        self.predict = functools.partial(model.apply, variables, deterministic=False)
        self.key = jax.random.key(cfg.seed)
        self.cfg = cfg


class TrapStation:
    def __init__(self, station_id, engine):
        self.station_id = station_id
        self.engine = engine

    def mc_dropout(self, crops):
        def body(carry, _):
            logits = self.engine.predict(crops, rngs={"dropout": self.engine.key})
            return carry, jax.nn.softmax(logits)

        _, probs = scan(body, 0, None, length=self.engine.cfg.samples)
        return probs


def main():
    crops = jax.random.uniform(jax.random.key(3), (5, 12))
    model = TrapNet()
    variables = model.init(jax.random.key(0), crops)
    station = TrapStation("ridge-07", InferenceEngine(model, variables, McConfig()))
    return station.mc_dropout(crops)
