# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/encoder/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 SimCLR.embed_views scans over augmented views and calls its encoder attribute in train mode (BatchNorm), apply without mutable
"""SimCLR with random augmentations. The augmented views are stacked on a leading axis and
SimCLR.embed_views scans over them, running its BatchNorm encoder (self.encoder) with
train=True; the NT-Xent loss is computed from the projections. apply is called without
mutable=['batch_stats']."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

BATCH, DIM, VIEWS = 16, 20, 2


def augment(key, x):
    k1, k2, k3 = jax.random.split(key, 3)
    scale = jax.random.uniform(k1, (x.shape[0], 1), minval=0.6, maxval=1.4)
    keep = jax.random.bernoulli(k2, 0.8, x.shape)
    return x * scale * keep + 0.1 * jax.random.normal(k3, x.shape)


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(64)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.relu(nn.Dense(32)(nn.relu(x)))


class SimCLR(nn.Module):
    def setup(self):
        self.encoder = Encoder()
        self.projector = nn.Dense(16)

    def __call__(self, x, train: bool = False):
        return self.projector(self.encoder(x, train))

    def embed_views(self, views):
        def body(carry, v):
            z = self.projector(self.encoder(v, train=True))
            return carry, z / jnp.linalg.norm(z, axis=-1, keepdims=True)

        _, zs = lax.scan(body, None, views)
        return zs


def nt_xent(z1, z2, tau=0.2):
    z = jnp.concatenate([z1, z2])
    sim = z @ z.T / tau - 1e9 * jnp.eye(z.shape[0])
    n = z1.shape[0]
    targets = jnp.concatenate([jnp.arange(n) + n, jnp.arange(n)])
    return -jnp.mean(jax.nn.log_softmax(sim)[jnp.arange(2 * n), targets])


def main():
    k_data, k_aug, k_init = jax.random.split(jax.random.PRNGKey(0), 3)
    x = jax.random.normal(k_data, (BATCH, DIM))
    views = jax.vmap(augment, in_axes=(0, None))(jax.random.split(k_aug, VIEWS), x)
    model = SimCLR()
    variables = model.init(k_init, x)
    zs = model.apply(variables, views, method=SimCLR.embed_views)
    print(nt_xent(zs[0], zs[1]))
    return None


if __name__ == "__main__":
    main()
