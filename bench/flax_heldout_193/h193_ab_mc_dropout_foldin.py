# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables) is kept on each Arm; the scan body passes rngs folded with the sample index
"""A/B experiment harness: two ranking-model variants are compared on the same replay batch,
with MC-dropout samples giving each arm's score uncertainty."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Ranker(nn.Module):
    hidden: int
    dropout_rate: float

    @nn.compact
    def __call__(self, x, *, train: bool):
        h = nn.relu(nn.Dense(self.hidden, name="proj")(x))
        h = nn.Dropout(self.dropout_rate, deterministic=not train)(h)
        return nn.Dense(1, name="score")(h)[..., 0]


@dataclasses.dataclass(frozen=True)
class VariantConfig:
    name: str
    hidden: int
    dropout_rate: float
    seed: int


class Arm:
    """One variant of the experiment: its model, its weights and its MC-dropout predictor."""

    def __init__(self, config: VariantConfig, example_batch):
        self.config = config
        self.model = Ranker(config.hidden, config.dropout_rate)
        init_key, self.mc_key = jax.random.split(jax.random.key(config.seed))
        self.variables = self.model.init(init_key, example_batch, train=False)
        self.predict = functools.partial(
            self.model.apply, self.variables, train=True)


class ABExperiment:
    def __init__(self, arms, num_samples: int):
        self.arms = {arm.config.name: arm for arm in arms}
        self.num_samples = num_samples

    def mc_scores(self, batch):
        """Per MC sample, the mean score of each arm on `batch`."""

        def sample(carry, index):
            scores = {name: arm.predict(batch, rngs={"dropout": jax.random.fold_in(arm.mc_key, index)}).mean()
                      for name, arm in self.arms.items()}
            return carry, scores

        _, per_sample = lax.scan(sample, None, jnp.arange(self.num_samples))
        return per_sample

    def report(self, batch):
        per_sample = self.mc_scores(batch)
        summary = {name: (s.mean(), s.std()) for name, s in per_sample.items()}
        return summary, per_sample


def main():
    batch = jax.random.normal(jax.random.key(7), (16, 12))
    experiment = ABExperiment(
        [Arm(VariantConfig("control", 32, 0.2, seed=1), batch),
         Arm(VariantConfig("treatment", 48, 0.3, seed=2), batch)],
        num_samples=6,
    )
    summary, per_sample = experiment.report(batch)
    for name, (mean, std) in summary.items():
        print(f"{name}: {float(mean):.4f} +- {float(std):.4f}")
    return per_sample
