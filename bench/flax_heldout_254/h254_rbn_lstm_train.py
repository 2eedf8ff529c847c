# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the running statistics are variables of self.cell, written by the cell that encode_step calls from the scan body
"""LSTM with recurrent batch normalisation (Cooijmans et al.), trained on a toy sequence task."""
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class BNLSTMCell(nn.Module):
    in_features: int
    hidden: int
    momentum: float = 0.95
    eps: float = 1e-5

    def setup(self):
        gates = 4 * self.hidden
        self.w_x = self.param("w_x", nn.initializers.lecun_normal(), (self.in_features, gates))
        self.w_h = self.param("w_h", nn.initializers.orthogonal(), (self.hidden, gates))
        self.bias = self.param("bias", nn.initializers.zeros, (gates,))
        self.gamma_x = self.param("gamma_x", nn.initializers.constant(0.1), (gates,))
        self.gamma_h = self.param("gamma_h", nn.initializers.constant(0.1), (gates,))
        self.mean_x = self.variable("batch_stats", "mean_x", jnp.zeros, (gates,))
        self.var_x = self.variable("batch_stats", "var_x", jnp.ones, (gates,))
        self.mean_h = self.variable("batch_stats", "mean_h", jnp.zeros, (gates,))
        self.var_h = self.variable("batch_stats", "var_h", jnp.ones, (gates,))

    def initial_state(self, batch_size):
        zeros = jnp.zeros((batch_size, self.hidden))
        return zeros, zeros

    def _normalize(self, z, gamma, mean, var, train):
        if train:
            mu, sigma2 = z.mean(axis=0), z.var(axis=0)
            mean.value = self.momentum * mean.value + (1.0 - self.momentum) * mu
            var.value = self.momentum * var.value + (1.0 - self.momentum) * sigma2
        else:
            mu, sigma2 = mean.value, var.value
        return gamma * (z - mu) * jax.lax.rsqrt(sigma2 + self.eps)

    def __call__(self, state, x_t, train: bool):
        c, h = state
        gates = (
            self._normalize(x_t @ self.w_x, self.gamma_x, self.mean_x, self.var_x, train)
            + self._normalize(h @ self.w_h, self.gamma_h, self.mean_h, self.var_h, train)
            + self.bias
        )
        i, f, g, o = jnp.split(gates, 4, axis=-1)
        c = nn.sigmoid(f) * c + nn.sigmoid(i) * jnp.tanh(g)
        h = nn.sigmoid(o) * jnp.tanh(c)
        return (c, h), h


class SequenceClassifier(nn.Module):
    in_features: int = 4
    hidden: int = 8
    num_classes: int = 3

    def setup(self):
        self.cell = BNLSTMCell(self.in_features, self.hidden)
        self.head = nn.Dense(self.num_classes)

    def encode_step(self, state, x_t, train):
        return self.cell(state, x_t, train)

    def __call__(self, xs, train: bool = True):
        # xs: [time, batch, features]
        state = self.cell.initial_state(xs.shape[1])
        (_, h), _ = jax.lax.scan(lambda s, x: self.encode_step(s, x, train), state, xs)
        return self.head(h)


def make_train_step(model, tx):
    def loss_fn(params, batch_stats, xs, labels):
        logits, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, xs, train=True, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, updates["batch_stats"]

    @jax.jit
    def train_step(params, batch_stats, opt_state, xs, labels):
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, xs, labels)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), batch_stats, opt_state, loss

    return train_step


def main():
    model = SequenceClassifier()
    xs = jax.random.normal(jax.random.key(0), (6, 5, 4))
    labels = jnp.array([0, 1, 2, 1, 0])
    variables = model.init(jax.random.key(1), xs, train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)
    train_step = make_train_step(model, tx)
    for _ in range(3):
        params, batch_stats, opt_state, loss = train_step(params, batch_stats, opt_state, xs, labels)
    jax.block_until_ready((params, batch_stats, loss))
    return None


if __name__ == "__main__":
    main()
