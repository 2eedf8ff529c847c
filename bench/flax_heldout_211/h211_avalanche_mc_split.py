# label: ok
# flax-error: none
# class: 2 the local model and variables of sample_risk go straight into the fori_loop body; the dropout key enters through the carry and is split at every sample
"""Avalanche-risk nowcasting: Monte-Carlo dropout samples of slab-release risk per slope."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class SlabRiskNet(nn.Module):
    @nn.compact
    def __call__(self, snowpack, deterministic: bool = True):
        h = nn.gelu(nn.Dense(32)(snowpack))
        h = nn.Dropout(0.3)(h, deterministic=deterministic)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


def sample_risk(model, variables, snowpack, n_samples, key):
    out = jnp.zeros((n_samples, snowpack.shape[0]))

    def body(i, state):
        key, out = state
        key, sub = jax.random.split(key)
        risk = model.apply(variables, snowpack, deterministic=False, rngs={"dropout": sub})
        return key, out.at[i].set(risk)

    _, out = lax.fori_loop(0, n_samples, body, (key, out))
    return out


def main():
    snowpack = jax.random.normal(jax.random.key(8), (7, 9))
    model = SlabRiskNet()
    variables = model.init(jax.random.key(0), snowpack)
    return sample_risk(model, variables, snowpack, 5, jax.random.key(42))
