# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 LangevinSampler.variables, an attribute of the sampler object, is read in the scan body and reassigned there with each step's batch_stats
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

DIM = 2


class EnergyMLP(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.swish(h)
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(1)(h).squeeze(-1)


@dataclasses.dataclass
class LangevinSampler:
    model: EnergyMLP
    variables: dict
    step_size: float = 0.01
    n_steps: int = 10

    def _energy(self, x):
        energy, updates = self.model.apply(self.variables, x, train=True, mutable=["batch_stats"])
        return energy.sum(), updates

    def sample(self, x0, key):
        noise = jax.random.normal(key, (self.n_steps,) + x0.shape)

        def langevin_step(x, eps):
            grad_x, updates = jax.grad(self._energy, has_aux=True)(x)
            self.variables = {**self.variables, **updates}
            x = x - 0.5 * self.step_size * grad_x + jnp.sqrt(self.step_size) * eps
            return jnp.clip(x, -3.0, 3.0), None

        x, _ = scan(langevin_step, x0, noise)
        return jax.lax.stop_gradient(x)


def ring_data(key, n):
    theta = jax.random.uniform(key, (n,), maxval=2 * jnp.pi)
    return jnp.stack([jnp.cos(theta), jnp.sin(theta)], axis=-1) * 1.5


def contrastive_divergence(params, batch_stats, model, x_pos, x_neg, alpha=0.1):
    e_pos, updates = model.apply(
        {"params": params, "batch_stats": batch_stats}, x_pos, train=True, mutable=["batch_stats"]
    )
    e_neg = model.apply({"params": params, "batch_stats": updates["batch_stats"]}, x_neg, train=False)
    return e_pos.mean() - e_neg.mean() + alpha * (e_pos**2 + e_neg**2).mean()


def main():
    model = EnergyMLP()
    x_pos = ring_data(jax.random.key(1), 16)
    variables = model.init(jax.random.key(0), x_pos, train=False)
    sampler = LangevinSampler(model, variables)
    x0 = jax.random.uniform(jax.random.key(2), (16, DIM), minval=-2.0, maxval=2.0)
    x_neg = sampler.sample(x0, jax.random.key(3))
    loss, grads = jax.value_and_grad(contrastive_divergence)(
        sampler.variables["params"], sampler.variables["batch_stats"], model, x_pos, x_neg
    )
    jax.block_until_ready((loss, grads))
