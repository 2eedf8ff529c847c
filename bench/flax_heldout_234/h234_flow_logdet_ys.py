# label: ok
# flax-error: none
# class: 4 each coupling layer sows its log-determinant; the mutated intermediates leave as the scan's ys and are handed to trainer.monitor after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class AffineCoupling(nn.Module):
    """RealNVP coupling: the first half conditions a scale and shift of the second half."""
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        x1, x2 = jnp.split(x, 2, axis=-1)
        h = nn.tanh(nn.Dense(self.hidden)(x1))
        log_s = nn.tanh(nn.Dense(x2.shape[-1], kernel_init=nn.initializers.zeros)(h))
        t = nn.Dense(x2.shape[-1])(h)
        y2 = x2 * jnp.exp(log_s) + t
        self.sow("intermediates", "log_det", log_s.sum(-1))
        # swap halves so the next layer transforms the other part
        return jnp.concatenate([y2, x1], axis=-1)


class LogDetMonitor:
    def __init__(self):
        self.records = []

    def record(self, intermediates):
        self.records.append(intermediates["log_det"][0])

    def total(self):
        return sum(jnp.sum(r, axis=0) if r.ndim > 1 else r for r in self.records)


class FlowTrainer:
    def __init__(self, n_layers=4, dim=6, seed=0):
        self.layer = AffineCoupling()
        self.n_layers = n_layers
        keys = jax.random.split(jax.random.key(seed), n_layers)
        dummy = jnp.zeros((1, dim))
        self.stacked = jax.vmap(lambda k: self.layer.init(k, dummy)["params"])(keys)
        self.monitor = LogDetMonitor()

    def forward(self, x):
        def one_layer(h, layer_params):
            h, state = self.layer.apply({"params": layer_params}, h, mutable=["intermediates"])
            return h, state["intermediates"]

        z, per_layer = scan(one_layer, x, self.stacked)
        self.monitor.record(per_layer)
        return z

    def nll(self, x):
        z = self.forward(x)
        log_base = jax.scipy.stats.norm.logpdf(z).sum(-1)
        return -(log_base + self.monitor.total()).mean()


def main():
    trainer = FlowTrainer()
    x = jax.random.normal(jax.random.key(3), (5, 6))
    loss = trainer.nll(x)
    jax.block_until_ready(loss)
    return None
