# label: ok
# flax-error: none
# class: 4 body built by a module-level factory and handed to `fori_loop` (from jax.lax import fori_loop) from an @nn.compact method after the layers were called once
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


def make_update(in_proj, out_proj, decay, us):
    def update(t, state):
        h, ys = state
        h = decay * h + in_proj(us[t])
        ys = ys.at[t].set(out_proj(h))
        return h, ys
    return update


class DiagonalSSM(nn.Module):
    d_state: int = 16
    d_out: int = 4

    @nn.compact
    def __call__(self, us):
        in_proj = nn.Dense(self.d_state, use_bias=False)
        out_proj = nn.Dense(self.d_out)
        log_decay = self.param("log_decay", nn.initializers.constant(-0.5), (self.d_state,))
        decay = jnp.exp(log_decay)
        h0 = in_proj(jnp.zeros_like(us[0]))
        ys0 = jnp.zeros((us.shape[0],) + out_proj(h0).shape)
        _, ys = fori_loop(0, us.shape[0], make_update(in_proj, out_proj, decay, us), (h0, ys0))
        return ys


def main():
    model = DiagonalSSM()
    us = jnp.ones((10, 2, 3))
    variables = model.init(jax.random.PRNGKey(0), us)
    variables = jax.tree.map(lambda a: a + 0, variables)
    ys = model.apply(variables, us)
    jax.block_until_ready(ys)
    return None
