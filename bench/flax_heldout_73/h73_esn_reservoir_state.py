# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "h" in "/" because collection "reservoir" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 closure in @nn.compact: the raw scan body assigns the persistent reservoir variable (res.value = h) each step; the forecast call applies without mutable
"""Echo-state network with a persistent reservoir state (the 'cache'-style pattern of Flax
decoders): teacher-forced warm-up, then the same model is used for forecasting."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class EchoState(nn.Module):
    n_res: int = 50
    leak: float = 0.4
    rho: float = 0.9

    @nn.compact
    def __call__(self, inputs):
        n_in = inputs.shape[-1]
        w_in = self.param('w_in', nn.initializers.uniform(1.0), (n_in, self.n_res))
        w = self.param('w_res', nn.initializers.normal(self.rho / jnp.sqrt(self.n_res)),
                       (self.n_res, self.n_res))
        w_out = self.param('w_out', nn.initializers.zeros, (self.n_res, n_in))
        res = self.variable('reservoir', 'h', jnp.zeros, (self.n_res,))
        initializing = self.is_initializing()

        def tick(_, u):
            h = (1 - self.leak) * res.value + self.leak * jnp.tanh(u @ w_in + res.value @ w)
            if not initializing:
                res.value = h
            return None, h @ w_out

        _, preds = scan(tick, None, inputs)
        return preds


def main():
    esn = EchoState()
    series = jnp.sin(jnp.linspace(0, 12, 40))[:, None]
    variables = esn.init(jax.random.key(0), series[:5])
    preds = esn.apply(variables, series)  # forecast with the trained readout
    jax.block_until_ready(preds)
    return None


if __name__ == "__main__":
    main()
