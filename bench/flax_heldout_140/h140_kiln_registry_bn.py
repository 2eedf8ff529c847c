# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 AnnealingRunner reaches a model.bind(variables) through KilnService.handles[name].bound, built from a decorator registry
"""Glass annealing: residual-strain estimates per lehr zone, models built from a decorator registry."""
import jax
import jax.numpy as jnp
import flax.linen as nn

MODEL_REGISTRY = {}


def register(name):
    def decorate(builder):
        MODEL_REGISTRY[name] = builder
        return builder

    return decorate


class LehrStrainNet(nn.Module):
    @nn.compact
    def __call__(self, thermocouples, train: bool = True):
        h = nn.Dense(8)(thermocouples)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(2)(nn.silu(h))


@register("lehr-strain-v3")
def build_lehr_strain(key, sample):
    model = LehrStrainNet()
    return model, model.init(key, sample)


class ModelHandle:
    def __init__(self, name, key, sample):
        model, variables = MODEL_REGISTRY[name](key, sample)
        self.name = name
        self.bound = model.bind(variables)


class KilnService:
    def __init__(self, names, key, sample):
        self.handles = {name: ModelHandle(name, key, sample) for name in names}


class AnnealingRunner:
    def __init__(self, service):
        self.service = service

    def run(self, zones, name):
        def step(total, thermocouples):
            strain = self.service.handles[name].bound(thermocouples)
            return total + strain.sum(), strain

        return jax.lax.scan(step, jnp.float32(0.0), zones)


def main():
    zones = jax.random.normal(jax.random.key(6), (5, 4, 3))
    service = KilnService(["lehr-strain-v3"], jax.random.key(0), zones[0])
    AnnealingRunner(service).run(zones, "lehr-strain-v3")
    return None
