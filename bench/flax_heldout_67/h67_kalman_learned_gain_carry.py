# label: ok
# flax-error: none
# class: 2 the scan body is the module method self.step; the innovation statistic travels in the scan carry instead of a variable
"""Learned-gain Kalman filter (KalmanNet-style) with a running estimate of innovation scale."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class LearnedGainKF(nn.Module):
    state_dim: int = 4
    obs_dim: int = 2

    def setup(self):
        self.F = self.param("F", lambda k, s: jnp.eye(s), self.state_dim)
        self.H = self.param("H", nn.initializers.lecun_normal(), (self.obs_dim, self.state_dim))
        self.gain_net = nn.Dense(self.state_dim * self.obs_dim)
        self.innov_var = self.variable("filter_stats", "innov_var", jnp.ones, (self.obs_dim,))

    def step(self, carry, y, momentum):
        x, innov_var = carry
        x_pred = self.F @ x
        innov = y - self.H @ x_pred
        innov_var = momentum * innov_var + (1 - momentum) * innov ** 2
        feats = jnp.concatenate([innov / jnp.sqrt(innov_var + 1e-6), x_pred])
        K = self.gain_net(feats).reshape(self.state_dim, self.obs_dim)
        x_post = x_pred + K @ innov
        return (x_post, innov_var), x_post

    def __call__(self, ys):
        x0 = jnp.zeros((self.state_dim,))
        if self.is_initializing():  # build gain_net outside the loop
            self.gain_net(jnp.zeros((self.obs_dim + self.state_dim,)))
        body = functools.partial(self.step, momentum=0.9)
        (_, innov_var), xs = jax.lax.scan(body, (x0, self.innov_var.value), ys)
        if self.is_mutable_collection("filter_stats"):
            self.innov_var.value = innov_var
        return xs


def main():
    model = LearnedGainKF()
    ys = jax.random.normal(jax.random.key(0), (12, 2))
    variables = model.init(jax.random.key(1), ys)
    xs = model.apply(variables, ys)
    jnp.sum(xs).block_until_ready()
