# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the RealNVP module's own method runs lax.scan over batches and calls self inside the body, updating its flow batch-norm statistics
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class FlowBatchNorm(nnx.Module):
    """Invertible batch normalization from RealNVP, with running averages for evaluation."""

    def __init__(self, dim, momentum=0.9, eps=1e-5):
        self.log_gamma = nnx.Param(jnp.zeros((dim,)))
        self.beta = nnx.Param(jnp.zeros((dim,)))
        self.running_mean = nnx.BatchStat(jnp.zeros((dim,)))
        self.running_var = nnx.BatchStat(jnp.ones((dim,)))
        self.momentum = momentum
        self.eps = eps
        self.training = True

    def __call__(self, x):
        if self.training:
            mean, var = x.mean(0), x.var(0)
            m = self.momentum
            self.running_mean[...] = m * self.running_mean[...] + (1 - m) * mean
            self.running_var[...] = m * self.running_var[...] + (1 - m) * var
        else:
            mean, var = self.running_mean[...], self.running_var[...]
        y = (x - mean) / jnp.sqrt(var + self.eps) * jnp.exp(self.log_gamma[...]) + self.beta[...]
        log_det = jnp.sum(self.log_gamma[...] - 0.5 * jnp.log(var + self.eps))
        return y, jnp.broadcast_to(log_det, x.shape[:1])


class AffineCoupling(nnx.Module):
    def __init__(self, dim, hidden, flip, rngs):
        self.net = nnx.Sequential(nnx.Linear(dim // 2, hidden, rngs=rngs), nnx.relu, nnx.Linear(hidden, dim, rngs=rngs))
        self.flip = flip

    def __call__(self, x):
        a, b = jnp.split(x, 2, axis=-1)
        if self.flip:
            a, b = b, a
        log_s, t = jnp.split(self.net(a), 2, axis=-1)
        log_s = jnp.tanh(log_s)
        b = b * jnp.exp(log_s) + t
        out = jnp.concatenate([b, a] if self.flip else [a, b], axis=-1)
        return out, log_s.sum(-1)


class RealNVP(nnx.Module):
    def __init__(self, dim, hidden, n_couplings, rngs: nnx.Rngs):
        layers = []
        for i in range(n_couplings):
            layers.append(AffineCoupling(dim, hidden, bool(i % 2), rngs))
            layers.append(FlowBatchNorm(dim))
        self.layers = nnx.List(layers)

    def __call__(self, x):
        log_det = jnp.zeros(x.shape[:1])
        for layer in self.layers:
            x, ld = layer(x)
            log_det = log_det + ld
        return x, log_det

    def nll(self, x):
        z, log_det = self(x)
        return -jnp.mean(jax.scipy.stats.norm.logpdf(z).sum(-1) + log_det)

    def epoch_nll(self, batches):
        def one_batch(total, x):
            return total + self.nll(x), None

        total, _ = lax.scan(one_batch, jnp.array(0.0), batches)
        return total / batches.shape[0]


def main():
    flow = RealNVP(4, 16, 3, nnx.Rngs(0))
    data = jax.random.normal(jax.random.key(1), (3, 8, 4)) * jnp.array([1.0, 2.0, 0.5, 1.5])
    nll = flow.epoch_nll(data)
    jax.block_until_ready((nll, nnx.state(flow, nnx.BatchStat)))
    return None
