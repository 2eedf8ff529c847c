# label: ok
# flax-error: none
# class: 3 module-level unroll() receives the learned optimizer's apply function; batch_stats ride in the raw scan carry and apply is called with mutable=['batch_stats']
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
    params = lopt_vars['params']

    def step(carry, batch):
        w, batch_stats = carry
        g = jax.grad(inner_loss)(w, batch)
        upd, updates = lopt_apply({'params': params, 'batch_stats': batch_stats},
                                  gradient_features(w, g), mutable=['batch_stats'])
        w = w - upd
        return (w, updates['batch_stats']), inner_loss(w, batch)

    (w_final, batch_stats), losses = jax.lax.scan(step, (w0, lopt_vars['batch_stats']), batches)
    return w_final, batch_stats, losses.mean()


def main():
    lopt = LearnedUpdate()
    dim, n_steps = 10, 15
    w0 = jnp.zeros(dim)
    lopt_vars = lopt.init(jax.random.key(0), jnp.zeros((dim, 4)))
    a = jax.random.normal(jax.random.key(1), (n_steps, 32, dim))
    b = jax.random.normal(jax.random.key(2), (n_steps, 32))
    _, batch_stats, meta_loss = unroll(lopt.apply, lopt_vars, w0, (a, b))
    jax.block_until_ready((batch_stats, meta_loss))
    return None


if __name__ == "__main__":
    main()
