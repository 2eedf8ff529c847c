# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/ContextEncoder_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 closure in @nn.compact: the raw scan body calls an encoder holding nn.BatchNorm (train mode) on each context chunk; the prediction call applies without mutable
"""Conditional neural process with a streaming encoder: context points arrive in chunks and
the permutation-invariant representation is a running mean updated by a scan over chunks."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ContextEncoder(nn.Module):
    r_dim: int = 32
    train: bool = True

    @nn.compact
    def __call__(self, xy):
        h = nn.Dense(64)(xy)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        h = nn.relu(h)
        return nn.Dense(self.r_dim)(h).mean(0)


class StreamingCNP(nn.Module):
    r_dim: int = 32

    @nn.compact
    def __call__(self, ctx_chunks, xt):
        encoder = ContextEncoder(self.r_dim)
        r0 = encoder(ctx_chunks[0])

        def absorb(carry, chunk):
            r_sum, n = carry
            return (r_sum + encoder(chunk), n + 1.0), None

        (r_sum, n), _ = lax.scan(absorb, (r0, 1.0), ctx_chunks[1:])
        r = r_sum / n
        h = jnp.concatenate([xt, jnp.broadcast_to(r, (xt.shape[0], self.r_dim))], -1)
        h = nn.relu(nn.Dense(64)(h))
        out = nn.Dense(2)(h)
        return out[:, :1], nn.softplus(out[:, 1:]) + 1e-3


def main():
    model = StreamingCNP()
    x = jnp.linspace(-2, 2, 24)[:, None]
    ctx = jnp.concatenate([x, jnp.sin(x)], -1).reshape(4, 6, 2)
    xt = jnp.linspace(-2, 2, 10)[:, None]
    variables = model.init(jax.random.key(0), ctx, xt)
    mean, std = model.apply(variables, ctx, xt)
    jax.block_until_ready((mean, std))
    return None


if __name__ == "__main__":
    main()
