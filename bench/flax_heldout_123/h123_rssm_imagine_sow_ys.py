# label: ok
# flax-error: none
# class: 1 RSSM.imagine scans itself; the imagined features leave the loop as the scan's ys
"""Dreamer-style recurrent world model, fixed: RSSM.imagine returns every imagined feature as
the ys of jax.lax.scan instead of sowing it from inside the body."""
import jax
import jax.numpy as jnp
from flax import linen as nn

DETER, STOCH, ACT, HORIZON = 32, 8, 3, 10


class RSSM(nn.Module):
    deter: int = DETER
    stoch: int = STOCH

    def setup(self):
        self.inp = nn.Dense(self.deter)
        self.cell = nn.GRUCell(features=self.deter)
        self.prior = nn.Dense(2 * self.stoch)

    def img_step(self, h, z, action, eps):
        x = nn.elu(self.inp(jnp.concatenate([z, action], -1)))
        h, _ = self.cell(h, x)
        mean, raw_std = jnp.split(self.prior(h), 2, axis=-1)
        z = mean + (nn.softplus(raw_std) + 0.1) * eps
        return h, z

    def imagine(self, h, z, actions, noise):
        def body(carry, inputs):
            h, z = self.img_step(*carry, *inputs)
            return (h, z), jnp.concatenate([h, z], -1)

        (h, z), feats = jax.lax.scan(body, (h, z), (actions, noise))
        return feats


def main():
    model = RSSM()
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    h0, z0 = jnp.zeros((DETER,)), jnp.zeros((STOCH,))
    actions = jax.random.uniform(k1, (HORIZON, ACT), minval=-1, maxval=1)
    noise = jax.random.normal(k2, (HORIZON, STOCH))
    params = model.init(k3, h0, z0, actions[0], noise[0], method=RSSM.img_step)
    feats = model.apply(params, h0, z0, actions, noise, method=RSSM.imagine)
    reward = jnp.tanh(feats).sum(-1)
    print(reward.shape)
    return None


if __name__ == "__main__":
    main()
