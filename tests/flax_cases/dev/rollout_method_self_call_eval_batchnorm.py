# label: ok
# flax-error: none
# class: 3 apply(method=rollout) runs a raw fori_loop whose body calls self(x, train=train); the caller passes train=False, so the BatchNorm reads its running averages
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Dynamics(nn.Module):
    dim: int = 4

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(self.dim)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return x + 0.1 * jnp.tanh(h)

    def rollout(self, x0, n_steps: int, train: bool = False):
        def body(i, x):
            return self(x, train=train)

        return lax.fori_loop(0, n_steps, body, x0)


def simulate(variables, model, x0, train):
    return model.apply(variables, x0, 4, train=train, method=Dynamics.rollout)


def main():
    model = Dynamics()
    x0 = jax.random.normal(jax.random.key(0), (6, 4))
    variables = model.init(jax.random.key(1), x0)
    simulate(variables, model, x0, train=False).block_until_ready()
    return None
