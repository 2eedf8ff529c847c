# label: ok
# flax-error: none
# class: 4 variables kept by an Evaluator inside an InspectionService resolved from a providers dict; the config selects BatchNorm running averages, apply in the scan body only reads
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class InspectionConfig:
    features: int = 8
    die_pixels: int = 16
    train_statistics: bool = True


class DefectHead(nn.Module):
    features: int

    @nn.compact
    def __call__(self, die, train: bool):
        h = nn.Dense(self.features, name="embed")(die)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        return nn.Dense(1, name="logit")(nn.relu(h))


class Evaluator:
    def __init__(self, model, variables, config):
        self.model = model
        self.variables = variables
        self.config = config

    def score_wafer(self, dies):
        def body(total, die):
            logit = self.model.apply(self.variables, die, train=self.config.train_statistics)
            return total + jnp.sum(jax.nn.sigmoid(logit)), logit[:, 0]

        return jax.lax.scan(body, jnp.float32(0.0), dies)


class InspectionService:
    def __init__(self, config):
        self.config = config
        self.evaluator = None

    def start(self, key):
        model = DefectHead(self.config.features)
        sample = jnp.zeros((4, self.config.die_pixels))
        variables = model.init(key, sample, train=False)
        self.evaluator = Evaluator(model, variables, self.config)
        return self


PROVIDERS = {
    "inspection": InspectionService,
}


def resolve(name, config):
    return PROVIDERS[name](config)


def main():
    config = InspectionConfig(train_statistics=False)
    service = resolve("inspection", config).start(jax.random.key(0))
    dies = jax.random.normal(jax.random.key(1), (6, 4, config.die_pixels))
    total, logits = service.evaluator.score_wafer(dies)
    assert logits.shape == (6, 4)
    return None
