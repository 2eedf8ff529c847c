# label: same-values
# flax-error: none
# class: 3 the dropout layer held as self.regulariser is called in the scan body and draws its mask from the module's dropout stream
"""Monte-Carlo passenger load estimate for the tram depot's planners: the load model is run
several times with dropout active on the same stop features, and the spread of the samples is the
uncertainty shown on the planning board."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass
class LoadConfig:
    stop_features: int = 5
    hidden: int = 16
    dropout: float = 0.5
    samples: int = 6
    mode: str = "mc"
    seed: int = 40

    @property
    def deterministic(self) -> bool:
        return self.mode != "mc"


class PassengerLoadModel(nn.Module):
    cfg: LoadConfig

    def setup(self):
        self.embed = nn.Dense(self.cfg.hidden)
        self.regulariser = nn.Dropout(self.cfg.dropout)
        self.head = nn.Dense(1)

    def __call__(self, stop, deterministic: bool = True):
        h = self.regulariser(nn.relu(self.embed(stop)), deterministic=deterministic)
        return self.head(h)[..., 0]

    def sample_loads(self, stops, deterministic: bool):
        def one_sample(_, stop):
            h = self.regulariser(nn.relu(self.embed(stop)), deterministic=deterministic)
            return None, self.head(h)[..., 0]

        return jax.lax.scan(one_sample, None, stops)[1]


class LoadTrainer:
    def __init__(self, cfg: LoadConfig):
        self.cfg = cfg
        self.model = PassengerLoadModel(cfg)
        self.params = self.model.init(jax.random.key(cfg.seed), jnp.zeros((cfg.stop_features,)))["params"]

    def draw_samples(self, stops, key):
        return self.model.apply({"params": self.params}, stops, self.cfg.deterministic,
                                method=PassengerLoadModel.sample_loads, rngs={"dropout": key})


class PlanningBoardRunner:
    def __init__(self, trainer: LoadTrainer):
        self.trainer = trainer

    def estimate(self, stop, key):
        repeated = jnp.broadcast_to(stop, (self.trainer.cfg.samples,) + stop.shape)
        return self.trainer.draw_samples(repeated, key)


def stop_profile(cfg: LoadConfig):
    return jnp.linspace(0.1, 1.0, cfg.stop_features)


def main():
    cfg = LoadConfig()
    runner = PlanningBoardRunner(LoadTrainer(cfg))
    return runner.estimate(stop_profile(cfg), jax.random.key(cfg.seed + 1))
