# label: ok
# flax-error: none
# class: 3 the body calls model.apply(params, ..., method=Cell.step) on params initialised outside the loop
import jax
import jax.numpy as jnp
import flax.linen as nn


class LinearSSM(nn.Module):
    """Discretised diagonal state-space layer: h' = a*h + b*u, y = c.h"""
    state_dim: int = 8

    def setup(self):
        self.log_a = self.param("log_a", lambda k, s: -jnp.abs(jax.random.normal(k, s)), (self.state_dim,))
        self.b = self.param("b", nn.initializers.normal(0.5), (self.state_dim,))
        self.c = self.param("c", nn.initializers.normal(0.5), (self.state_dim,))

    def __call__(self, h, u):
        return self.step(h, u)

    def step(self, h, u):
        h = jnp.exp(self.log_a) * h + self.b * u
        return h, jnp.dot(self.c, h)


def run_ssm(model, params, us):
    def body(h, u):
        return model.apply(params, h, u, method=LinearSSM.step)

    return jax.lax.scan(body, jnp.zeros(model.state_dim), us)


def main():
    model = LinearSSM()
    params = model.init(jax.random.PRNGKey(0), jnp.zeros(8), 0.0)
    us = jnp.sin(jnp.linspace(0, 3, 20))
    h, ys = jax.jit(run_ssm, static_argnums=0)(model, params, us)
    jax.tree.map(lambda a: a + 0, (h, ys))
    return None
