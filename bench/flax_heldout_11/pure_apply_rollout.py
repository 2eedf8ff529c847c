# label: ok
# flax-error: none
# class: 2 model held in a global, model.apply(params, ...) is a pure function inside the scan body
import jax
import jax.numpy as jnp
from flax import linen as nn


class Policy(nn.Module):
    @nn.compact
    def __call__(self, s):
        s = nn.relu(nn.Dense(16)(s))
        return nn.Dense(2)(s)


policy = Policy()


def rollout(params, s0, n=20):
    def step(s, _):
        a = policy.apply(params, s)
        s = s + 0.01 * a
        return s, a

    return jax.lax.scan(step, s0, None, length=n)


def main():
    s0 = jnp.zeros(2)
    params = policy.init(jax.random.PRNGKey(0), s0)
    s, acts = jax.jit(rollout)(params, s0)
    print(s, acts.shape)
    return None
