# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 module-level unroll() receives the learned optimizer's apply function and variables; the raw scan body calls apply without mutable=['batch_stats']
"""Learned optimizer (Andrychowicz et al. 2016 / Metz et al. 2020 style): a small per-parameter
MLP maps gradient features to an update; unrolled on a quadratic inner problem for the
meta-loss."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LearnedUpdate(nn.Module):
    hidden: int = 16
    scale: float = 1e-2

    @nn.compact
    def __call__(self, feats, train: bool = True):
        h = nn.Dense(self.hidden)(feats)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return self.scale * nn.Dense(1)(h).squeeze(-1)


def inner_loss(w, batch):
    a, b = batch
    return jnp.mean((a @ w - b) ** 2)


def gradient_features(w, g):
    return jnp.stack([g, w, jnp.sign(g), jnp.abs(g)], axis=-1)


def unroll(lopt_apply, lopt_vars, w0, batches):
    def step(w, batch):
        g = jax.grad(inner_loss)(w, batch)
        w = w - lopt_apply(lopt_vars, gradient_features(w, g))
        return w, inner_loss(w, batch)

    w_final, losses = jax.lax.scan(step, w0, batches)
    return w_final, losses.mean()


def main():
    lopt = LearnedUpdate()
    dim, n_steps = 10, 15
    w0 = jnp.zeros(dim)
    lopt_vars = lopt.init(jax.random.key(0), jnp.zeros((dim, 4)))
    a = jax.random.normal(jax.random.key(1), (n_steps, 32, dim))
    b = jax.random.normal(jax.random.key(2), (n_steps, 32))
    _, meta_loss = unroll(lopt.apply, lopt_vars, w0, (a, b))
    jax.block_until_ready(meta_loss)
    return None


if __name__ == "__main__":
    main()
