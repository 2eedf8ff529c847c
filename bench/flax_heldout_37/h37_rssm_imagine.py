# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the module method self.img_step (setup-defined submodules) is passed straight to jax.lax.scan in __call__, so the lazy setup and param creation happen inside the scan during init
"""Dreamer-style latent imagination: roll the RSSM prior forward under the actor."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RSSM(nn.Module):
    deter: int = 16
    stoch: int = 8
    act_dim: int = 2
    horizon: int = 5

    def setup(self):
        self.actor = nn.Dense(self.act_dim)
        self.img_in = nn.Dense(self.deter)
        self.gru = nn.GRUCell(features=self.deter)
        self.prior = nn.Dense(2 * self.stoch)
        self.value = nn.Dense(1)

    def img_step(self, state, _):
        deter, stoch = state
        feat = jnp.concatenate([deter, stoch], -1)
        action = jnp.tanh(self.actor(feat))
        x = nn.elu(self.img_in(jnp.concatenate([stoch, action], -1)))
        deter, _ = self.gru(deter, x)
        mean, _std = jnp.split(self.prior(deter), 2, -1)
        stoch = mean  # imagine with the prior mode
        return (deter, stoch), jnp.concatenate([deter, stoch], -1)

    def __call__(self, start):
        _, feats = jax.lax.scan(self.img_step, start, None, length=self.horizon)
        return self.value(feats)[..., 0]  # [horizon, batch]


def lambda_return(values, discount=0.99, lam=0.95):
    def step(nxt, v):
        ret = v + discount * ((1 - lam) * v + lam * nxt)
        return ret, ret
    _, rets = jax.lax.scan(step, values[-1], values[:-1], reverse=True)
    return rets


def main():
    batch = 3
    start = (jnp.zeros((batch, 16)), jnp.zeros((batch, 8)))
    model = RSSM()
    variables = model.init(jax.random.key(0), start)
    values = model.apply(variables, start)
    print(lambda_return(values).mean())
