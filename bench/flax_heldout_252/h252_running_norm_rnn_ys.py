# label: ok
# flax-error: none
# class: 2 the locals running_mean and running_var (self.variable handles in 'batch_stats') are read in the scan step; per-step batch moments leave as ys and update them after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn
import jax.lax as lax


class NormalizedRNN(nn.Module):
    """Elman RNN that standardizes its inputs with running statistics, like BatchNorm."""

    hidden: int = 12
    momentum: float = 0.9

    @nn.compact
    def __call__(self, xs, train: bool = False):
        features = xs.shape[-1]
        running_mean = self.variable("batch_stats", "mean", jnp.zeros, (features,))
        running_var = self.variable("batch_stats", "var", jnp.ones, (features,))
        w_x = self.param("w_x", nn.initializers.glorot_uniform(), (features, self.hidden))
        w_h = self.param("w_h", nn.initializers.orthogonal(), (self.hidden, self.hidden))

        def step(h, x):
            if train:
                mean, var = x.mean(axis=0), x.var(axis=0)
            else:
                mean, var = running_mean.value, running_var.value
            x_norm = (x - mean) / jnp.sqrt(var + 1e-5)
            h = jnp.tanh(x_norm @ w_x + h @ w_h)
            return h, (h, mean, var)

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, (hs, means, variances) = lax.scan(step, h0, xs)
        if train:
            running_mean.value = self.momentum * running_mean.value + (1 - self.momentum) * means.mean(axis=0)
            running_var.value = self.momentum * running_var.value + (1 - self.momentum) * variances.mean(axis=0)
        return hs


def main():
    xs = 3.0 + 2.0 * jax.random.normal(jax.random.PRNGKey(0), (6, 4, 3))
    model = NormalizedRNN()
    variables = model.init(jax.random.PRNGKey(1), xs)
    for _ in range(2):
        hs, updates = model.apply(variables, xs, train=True, mutable=["batch_stats"])
        variables = {"params": variables["params"], **updates}
    hs_eval = model.apply(variables, xs, train=False)
    jax.block_until_ready((hs, hs_eval))
