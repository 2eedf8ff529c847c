# label: ok
# flax-error: none
# class: 3 _RUNTIME["variables"], a module-level global set by configure(); it enters the scan as the carry and is written back after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn

_RUNTIME = {}


class SensorBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.width)(x)
        return nn.relu(nn.BatchNorm(use_running_average=False, momentum=0.9)(x))


class ExcursionModel(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, readings):
        h = nn.remat(SensorBlock)(self.width, name="block")(readings)
        return nn.Dense(1, name="risk")(h)[:, 0]


def configure(model, key, sample):
    _RUNTIME["model"] = model
    _RUNTIME["variables"] = model.init(key, sample)


def shipment_batches(key, n_batches, pallets=6, sensors=4):
    for i in range(n_batches):
        yield jax.random.normal(jax.random.fold_in(key, i), (pallets, sensors))


def monitor(batches):
    model = _RUNTIME["model"]

    def body(carry, readings):
        alarms, variables = carry
        risk, mutated = model.apply(variables, readings, mutable=["batch_stats"])
        return (alarms + jnp.sum(risk > 1.0), {**variables, **mutated}), risk

    (alarms, variables), risk = jax.lax.scan(body, (jnp.int32(0), _RUNTIME["variables"]), batches)
    _RUNTIME["variables"] = variables
    return alarms, risk


def excursion_report(readings):
    model = _RUNTIME["model"]
    risk, _ = model.apply(_RUNTIME["variables"], readings, mutable=["batch_stats"])
    return jnp.max(risk)


def main():
    batches = jnp.stack(list(shipment_batches(jax.random.key(12), 7)))
    configure(ExcursionModel(), jax.random.key(0), batches[0])
    monitor(batches)
    excursion_report(batches[-1])
    return None
