# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "innov_var" in "/" because collection "filter_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the scan body is the module method self.step, which writes an innovation statistic into a 'filter_stats' variable
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

    def step(self, x, y, momentum):
        x_pred = self.F @ x
        innov = y - self.H @ x_pred
        # running innovation variance, used to normalise the gain network input
        self.innov_var.value = momentum * self.innov_var.value + (1 - momentum) * innov ** 2
        feats = jnp.concatenate([innov / jnp.sqrt(self.innov_var.value + 1e-6), x_pred])
        K = self.gain_net(feats).reshape(self.state_dim, self.obs_dim)
        x_post = x_pred + K @ innov
        return x_post, x_post

    def __call__(self, ys):
        x0 = jnp.zeros((self.state_dim,))
        if self.is_initializing():  # build gain_net outside the loop
            self.gain_net(jnp.zeros((self.obs_dim + self.state_dim,)))
        body = functools.partial(self.step, momentum=0.9)
        _, xs = jax.lax.scan(body, x0, ys)
        return xs


def main():
    model = LearnedGainKF()
    ys = jax.random.normal(jax.random.key(0), (12, 2))
    variables = model.init(jax.random.key(1), ys)
    # filtering at evaluation time: only params and filter_stats passed, nothing mutable
    xs = model.apply(variables, ys)
    jnp.sum(xs).block_until_ready()
